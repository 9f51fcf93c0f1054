// Every audit code the station writes, in Spanish (docs/decisions/0075-paper-at-the-counter.md): a document's
// history shows these words, never a code like "dte.return.requested". test/unit/audit-action-labels.test.ts reads
// the core's source and fails for a code written without its words here.

export const AUDIT_ACTION_LABELS = {
  // A document's life
  'dte.issued': 'Emitido y firmado',
  'dte.issued_with_wrong_clock': 'Emitido con el reloj de la computadora desajustado',
  'dte.approved': 'Aprobado por MH',
  'dte.rejected': 'Rechazado por MH',
  'dte.status.refused': 'Cambio de estado rechazado por la estación',
  'dte.send_again': 'Reenvío a MH pedido por un supervisor',
  'dte.receipt': 'Comprobante impreso',
  'dte.delivery.requested': 'Envío por correo solicitado',
  'dte.invalidation.requested': 'Invalidación solicitada',
  'dte.invalidated': 'Invalidado',
  'dte.invalidation.rejected': 'Invalidación rechazada por MH',
  'dte.invalidation.in_doubt': 'Invalidación en duda: respuesta de MH perdida',
  'dte.invalidation.settled': 'Invalidación en duda resuelta por un supervisor',
  'dte.return.requested': 'Devolución solicitada',
  'dte.returned': 'Devolución aceptada por MH',
  'dte.return.rejected': 'Devolución rechazada por MH',
  'dte.return.in_doubt': 'Devolución en duda: respuesta de MH perdida',
  'dte.return.settled': 'Devolución en duda resuelta por un supervisor',
  'dte.return.delivery.requested': 'Envío de la devolución por correo solicitado',
  'dte.return.invalidation.requested': 'Invalidación de la devolución solicitada',
  'dte.return.invalidated': 'Devolución invalidada',
  'dte.return.invalidation.rejected': 'Invalidación de la devolución rechazada por MH',
  // Evento de Operaciones Especiales (dte/operaciones-especiales/)
  'eoe.requested': 'Evento de Operaciones Especiales firmado',
  'eoe.sealed': 'Evento de Operaciones Especiales aceptado por MH',
  'eoe.rejected': 'Evento de Operaciones Especiales rechazado por MH',
  'eoe.in_doubt': 'Evento de Operaciones Especiales en duda: respuesta de MH perdida',
  // The records the audit chain binds (audit-bound-tables.ts)
  'document.bound': 'Registro del documento sellado en la auditoría',
  'return.bound': 'Registro de la devolución sellado en la auditoría',
  'return-invalidation.bound': 'Registro de la invalidación de la devolución sellado en la auditoría',
  'invalidation.bound': 'Registro de la invalidación sellado en la auditoría',
  'close.bound': 'Registro del cierre sellado en la auditoría',
  'drawer-opening.bound': 'Registro del fondo inicial sellado en la auditoría',
  'drawer-kick.bound': 'Registro de la apertura de gaveta sellado en la auditoría',
  'audit.keyed': 'Auditoría protegida con la clave de la estación',
  'audit.tables-bound': 'Registros existentes sellados en la auditoría',
  // Contingency (MH unreachable)
  'contingency.entered': 'Contingencia iniciada',
  'contingency.ended': 'Contingencia terminada',
  'contingency.sealed': 'Evento de contingencia aceptado por MH',
  'contingency.rejected': 'Evento de contingencia rechazado por MH',
  'contingency.corrected': 'Evento de contingencia corregido',
  'contingency.split': 'Contingencia dividida en varios eventos',
  'contingency.done': 'Documentos de la contingencia enviados',
  'contingency.left-over': 'Evento de contingencia pendiente retomado',
  // The counter, the drawer and the close
  'close.made': 'Cierre de caja hecho',
  'drawer.opened': 'Fondo inicial registrado',
  // Every pulse: by a sale, a cash refund or by hand (its detail's `cause`; decision 0073).
  'drawer.open': 'Gaveta abierta',
  'drawer.open.failed': 'La gaveta no se abrió',
  'drawer.float.corrected': 'Fondo inicial corregido por un supervisor',
  'refund.recorded': 'Reembolso registrado',
  'cash.withdrawn': 'Retiro de efectivo registrado por un supervisor',
  'cash.handed': 'Entrega de efectivo entre personas registrada',
  'price.override': 'Precio cambiado en la venta',
  'price.approved': 'Cambio de precio aprobado por un supervisor',
  'printer.test': 'Página de prueba de la impresora',
  'printer.discard': 'Comprobante pendiente descartado por un supervisor',
  // Numbering
  'numbering.confirmed_new': 'Numeración confirmada como nueva',
  'numbering.from_hub': 'Numeración tomada de la oficina central',
  'numbering.set_by_admin': 'Numeración ajustada por un administrador',
  'numbering.collision': 'MH ya tenía otro documento con este número de control',
  'numbering.lacking_reviewed': 'Números faltantes revisados por un administrador',
  // Catalog
  'catalog.product.created': 'Producto creado',
  'catalog.product.updated': 'Producto modificado',
  'catalog.products.imported': 'Catálogo importado',
  'catalog.samples.loaded': 'Productos de ejemplo cargados',
  // Settings and the station
  'certificate.imported': 'Certificado de firma cargado',
  'certificate.renewed': 'Certificado de firma renovado',
  'station.configured': 'Estación configurada',
  'station.hub': 'Oficina central configurada',
  'station.normative': 'Normativa de MH cambiada',
  'homologation.started': 'Pruebas de homologación iniciadas',
  'deliveries.retried': 'Correos fallidos reintentados',
  'settings.apikey.created': 'Clave de API creada',
  'settings.apikey.revoked': 'Clave de API revocada',
  'settings.books': 'Ajustes de libros cambiados',
  'settings.branches': 'Lista de sucursales de la empresa cambiada',
  'settings.printing': 'Ajustes de impresión cambiados',
  'settings.price-overrides': 'Ajustes de cambios de precio modificados',
  'settings.smtp': 'Ajustes de correo cambiados',
  'settings.smtp.test': 'Correo de prueba enviado',
  'settings.user.created': 'Usuario creado',
  'settings.user.updated': 'Usuario modificado',
  'settings.webhook.created': 'Webhook creado',
  'settings.webhook.updated': 'Webhook modificado',
  'settings.webhook.deleted': 'Webhook eliminado',
  'settings.webhook.enabled': 'Webhook activado',
  'settings.webhook.disabled': 'Webhook desactivado',
  'settings.webhook.resent': 'Entrega de webhook reintentada',
  'webhook.disabled': 'Webhook desactivado por fallas repetidas',
} as const satisfies Readonly<Record<string, string>>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const isAuditAction = (code: string): code is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, code);

/** The words for a code; one written by a newer version than this screen shows as "Otro registro (code)". */
export const auditActionLabel = (code: string): string => (isAuditAction(code) ? AUDIT_ACTION_LABELS[code] : `Otro registro (${code})`);
