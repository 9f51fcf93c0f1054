// The words of settings: imported by the screens that use them, not carried by the counter's first screen.
export const settingsWords = {
  title: 'Ajustes',
  station: 'Estación',
  apiKeys: 'Claves de API para sistemas de punto de venta',
  keyName: 'Nombre de la clave (p. ej. Caja 2)',
  createKey: 'Crear clave',
  newKey: 'Copie esta clave ahora: no se volverá a mostrar.',
  revoke: 'Revocar',
  revoked: 'revocada',
  printing: 'Impresión',
  printer: 'Impresora de comprobantes (vacío: la predeterminada)',
  width: 'Ancho del papel',
  silent: 'Imprimir el comprobante sin diálogo',
  save: 'Guardar',
  saved: 'Guardado.',
  backups: 'Copias de seguridad y registro de auditoría',
  backupsHow:
    'Sello copia la base de datos cada 6 horas en un momento sin ventas y antes de cada actualización. Guarde también copias fuera de esta computadora.',
  backupNow: 'Hacer una copia ahora',
  backingUp: (pct: number | null) => `Copiando… ${pct === null ? '' : `${Math.round(pct * 100)} %`}`,
  backupDone: 'Copia lista.',
  noBackups: 'Aún no hay copias.',
  reasons: { scheduled: 'programada', manual: 'manual', migration: 'antes de actualizar', restore: 'antes de restaurar' } as Record<
    string,
    string
  >,
  verify: 'Verificar el registro de auditoría',
  verifying: 'Verificando…',
  auditOk: (n: number) => `Registro íntegro: ${n} entradas encadenadas, ninguna alterada.`,
  auditBroken: (seq: number) =>
    `REGISTRO ALTERADO a partir de la entrada ${seq}. No borre nada: avise al contador y conserve las copias de seguridad.`,
};
