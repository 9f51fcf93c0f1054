// The UI's words: Spanish (El Salvador) first, so another language can follow. The counter's words are here;
// a screen fetched when it opens keeps its own in ./words/ and imports them there, so the first screen does not
// carry them (docs/decisions/0042-speed-where-people-feel-it.md).
import { plural } from '../../shared/plural';
import { saleWords } from './words/sale';

export const es = {
  sale: saleWords,
  appName: 'Sello',
  loadingScreen: 'Abriendo la pantalla…',
  screenFailed: {
    failed: 'No se pudo abrir esta pantalla (Sello pudo haberse actualizado, o la estación no respondió).',
    reload: 'Recargar la ventana',
  },
  demo: 'DEMOSTRACIÓN — documentos sin validez fiscal',
  testEnvironment: 'AMBIENTE DE PRUEBAS DE MH — documentos de prueba, sin validez fiscal',
  nav: {
    label: 'Principal',
    sale: 'Venta rápida',
    issue: 'Emitir',
    documents: 'Documentos',
    products: 'Productos',
    close: 'Cierre de caja',
    books: 'Libros y reportes',
    sync: 'Envío a MH',
    settings: 'Ajustes',
  },
  companyBranch: (company: string, branch: string) => `${company} · Sucursal ${branch}`,
  /** Logging in, the lock screen and the person in the header. */
  session: {
    title: 'Iniciar sesión',
    intro: 'Entre con su usuario y su contraseña o PIN.',
    login: 'Usuario',
    password: 'Contraseña o PIN',
    submit: 'Entrar (Enter)',
    submitting: 'Entrando…',
    waitButton: (s: number) => `Espere ${s} s`,
    checking: 'Cargando…',
    needLogin: 'Escriba su usuario.',
    needPassword: 'Escriba su contraseña o PIN.',
    // Never sent to the station, so never counted as a wrong attempt (docs/decisions/0074-price-overrides-and-scans.md).
    scanWhileLocked: 'Se leyó un código con la pantalla bloqueada: no cuenta como intento. Escriba su contraseña o PIN.',
    tooShortToTry:
      'Eso no es una contraseña ni un PIN (un PIN tiene al menos 6 dígitos; una contraseña, 8 caracteres): no cuenta como intento.',
    wrong:
      'Usuario o contraseña incorrectos. Revise el usuario y vuelva a escribir la contraseña o el PIN; si no los recuerda, pida a un administrador que le asigne otros.',
    wrongUnlock: (name: string) => `Esa no es la contraseña ni el PIN de ${name}. Vuelva a escribirlo o cambie de usuario.`,
    throttled: (s: number) => `Demasiados intentos fallidos. Espere ${s} s y vuelva a intentar.`,
    throttledNoTime: 'Demasiados intentos fallidos. Espere un minuto y vuelva a intentar.',
    throttleOver: 'Ya puede volver a intentar. Revise el usuario y la contraseña o el PIN antes de entrar.',
    unreachable:
      'No se pudo conectar con la estación. Revise que Sello siga abierto (y la red, si la estación está en otra computadora) y vuelva a intentar.',
    demoTitle: 'Personas de la demostración',
    demoIntro: 'Esta estación es de demostración: entre con cualquiera de estas personas para ver lo que su rol puede hacer.',
    demoColumns: { login: 'Usuario', name: 'Nombre', role: 'Rol', password: 'Contraseña o PIN', use: 'Llenar el formulario' },
    demoUse: 'Usar',
    demoUseLabel: (name: string) => `Usar los datos de ${name}`,
    loggedOut: 'Sesión cerrada.',
    user: 'Sesión',
    logout: 'Cerrar sesión',
    lock: 'Bloquear (Ctrl+L)',
    lockedTitle: 'Pantalla bloqueada',
    expiredTitle: 'Su sesión terminó',
    lockedText: (name: string, login: string) =>
      `Lo que estaba haciendo sigue aquí. Escriba la contraseña o el PIN de ${name} (${login}) para seguir.`,
    expiredText: (name: string, login: string) =>
      `La sesión termina tras 30 minutos sin uso o 12 horas después de entrar. Lo que estaba haciendo sigue aquí: escriba la contraseña o el PIN de ${name} (${login}) para seguir.`,
    unlock: 'Desbloquear (Enter)',
    unlocking: 'Desbloqueando…',
    switchUser: 'Cambiar de usuario',
    setUpDone: (login: string) => `Estación configurada. Entre como ${login}, el administrador que acaba de crear.`,
  },
  banner: {
    online: 'Conectado con MH',
    offline: 'Sin conexión con MH: los documentos quedan en cola y se envían solos',
    contingency: 'CONTINGENCIA: MH no está disponible. Siga emitiendo; Sello enviará todo cuando vuelva.',
    unconfigured: 'MH no está configurado: los documentos se guardan sin enviarse',
    credentials: 'MH rechazó las credenciales de la API: siga emitiendo y escriba la contraseña vigente en Ajustes',
    certificate: 'MH no reconoce el certificado de firma: siga emitiendo e importe en Ajustes el certificado vigente',
    recovering: 'MH volvió: Sello está enviando los documentos de la contingencia',
    queued: (n: number) => `${n} en cola`,
    moreAlerts: (n: number) => (n === 1 ? '1 aviso más en Envío a MH' : `${n} avisos más en Envío a MH`),
  },
  list: {
    title: 'Documentos emitidos',
    empty: 'No hay documentos con estos filtros.',
    loading: 'Cargando documentos…',
    columns: { control: 'Número de control', type: 'Tipo', recipient: 'Cliente', date: 'Emisión', total: 'Total', status: 'Estado' },
    noRecipient: 'Consumidor final',
    refresh: 'Actualizar',
    search: 'Buscar cliente, número de control o código',
    allKinds: 'Todos los tipos',
    allStatuses: 'Todos los estados',
    from: 'Desde',
    to: 'Hasta',
    more: 'Cargando más…',
    count: (n: number, more: boolean) => (more ? `${n}+ documentos` : plural(n, 'documento', 'documentos')),
  },
  detail: {
    title: 'Detalle del documento',
    close: 'Cerrar',
    timeline: 'Historial',
    mhAnswer: 'Respuesta de MH',
    noAnswer: 'MH aún no ha respondido.',
    observations: 'Observaciones de MH',
    receipt: 'Imprimir comprobante',
    pdf: 'PDF carta',
    json: 'Guardar JSON',
    qr: 'Ver QR',
    invalidate: 'Invalidar',
    invalidateUntil: (d: string, left: string) => `Puede invalidarse hasta ${d} (quedan ${left})`,
    adjustNc: 'Emitir nota de crédito',
    adjustNd: 'Emitir nota de débito',
    issuedBy: 'Emitido por',
  },
  status: { CREATED: 'Por enviar a MH', PROCESSING: 'En proceso', APPROVED: 'Aprobado', REJECTED: 'Rechazado', INVALIDATED: 'Invalidado' },
  kinds: {
    FC: 'Factura',
    CCF: 'Crédito fiscal',
    NC: 'Nota de crédito',
    ND: 'Nota de débito',
    CR: 'Retención',
    FSE: 'Sujeto excluido',
    FEX: 'Exportación',
    NR: 'Nota de remisión',
    CL: 'Liquidación',
    DCL: 'Contable de liquidación',
    CD: 'Donación',
  },
  wizard: {
    welcome: 'Bienvenido a Sello',
    welcomeText:
      'Sello emite sus documentos tributarios electrónicos en esta caja, con o sin internet. Para empezar, configure su estación con los datos que MH le entregó, o pruebe primero con una empresa de demostración.',
    needs:
      'Necesitará: NIT y NRC de la empresa, el código de sucursal de MH, el usuario y la contraseña de la API de MH, el archivo .crt del certificado de firma con su contraseña, y el usuario y la contraseña que usará quien administre la estación.',
    start: 'Configurar mi estación',
    demo: 'Probar con la demostración',
    title: 'Configurar la estación',
    step: (n: number, total: number, title: string) => `Paso ${n} de ${total}: ${title}`,
    back: 'Atrás',
    next: 'Siguiente',
    finish: 'Guardar y empezar a emitir',
    cancel: 'Cancelar',
    save: 'Guardar cambios',
    fix: 'Revise los campos marcados.',
    file: 'Archivo del certificado (.crt)',
    fileChosen: (name: string) => `Elegido: ${name}`,
    fileEditHint: 'Elija un archivo solo si cambia de certificado.',
    checking: 'Verificando el certificado y las credenciales con MH…',
    done: 'Estación configurada. Ya puede emitir.',
    doneUnverified:
      'Estación configurada. MH no respondió, así que sus credenciales se verificarán al primer envío; mientras tanto los documentos quedan en cola.',
    saved: 'Cambios guardados.',
  },
  errors: {
    generic: 'No se pudo completar la operación.',
    offline: 'Sin conexión con la estación',
    printFailed: 'No se pudo abrir el documento',
    keepOpen: 'Revise que Sello siga abierto y vuelva a intentar.',
  },
} as const;

/** "3 h 20 min", "2 d 4 h": how long until a deadline. */
export function timeLeft(until: string, now = Date.now()): string {
  const ms = new Date(until).getTime() - now;
  if (ms <= 0) return 'vencido';
  const min = Math.floor(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
