// Ajustes → Homologación: the words of the homologation panel (settings/Homologation*.tsx).
import type { HomologationStatus } from '../../../shared/homologation';

export const homologationWords = {
  title: 'Homologación',
  intro:
    'Antes de emitir en producción, MH pide transmitir en su ambiente de pruebas un mínimo de documentos sellados de cada tipo que usará la empresa, y 5 de cada evento. Aquí la estación los genera y los envía por usted.',
  testOnly: 'Documentos de prueba — ambiente de pruebas de MH',
  environment: (live: boolean) => `Ambiente de esta estación: ${live ? 'producción (LIVE)' : 'pruebas de MH (TEST)'}.`,
  refusedTitle: 'Esta estación no puede hacer las pruebas de homologación',
  kinds: 'Tipos de documento a homologar',
  chooseKind: 'Elija al menos un tipo de documento: marque los que la empresa emitirá.',
  kindOption: (name: string, kind: string, minimum: number) => `${name} (${kind}) — mínimo ${minimum}`,
  events:
    'Además, 5 eventos de invalidación y 5 de contingencia (CL, DCL y CD no se emiten en contingencia: elija también otro tipo); con la Normativa DTE v2.0, 5 de operaciones especiales y, con FC, FEX o FSE, 5 de retorno.',
  normative: 'Normativa de las pruebas',
  advanced: 'Avanzado',
  pace: 'Pausa entre envíos (ms)',
  paceHint: 'Tiempo mínimo entre dos envíos a MH. 1000 ms (un segundo) no sobrecarga el ambiente de pruebas.',
  paceInvalid: 'Escriba un número entero de milisegundos entre 0 y 60000, p. ej. 1000.',
  startExplain: 'La estación emite documentos de PRUEBA al ambiente de pruebas de MH y pasa a emitir con la normativa elegida.',
  start: 'Iniciar pruebas',
  starting: 'Iniciando…',
  started: 'Pruebas iniciadas: la estación envía los documentos de prueba a MH.',
  runTitle: 'Corrida de pruebas',
  runMeta: (startedAt: string, by: string, normative: string, seed: number) =>
    `Iniciada el ${startedAt} por ${by} · ${normative} · semilla ${seed}`,
  finishedAt: (at: string) => `Terminada el ${at}.`,
  progress: 'Avance de las pruebas',
  progressText: (done: number, total: number, percent: number) => `${done} de ${total} sellados (${percent} %)`,
  eta: (seconds: number | null) =>
    seconds === null
      ? 'Calculando el tiempo restante…'
      : seconds < 60
        ? 'Queda menos de un minuto'
        : `Quedan unos ${Math.round(seconds / 60)} min`,
  status: 'Estado',
  statuses: {
    RUNNING: 'En curso',
    WAITING: 'En espera',
    STOPPED: 'Detenida',
    DONE: 'Terminada',
  } satisfies Record<HomologationStatus, string>,
  stoppedHint: 'Nadie la está ejecutando: pulse «Continuar» para seguir donde quedó.',
  resume: 'Continuar',
  resuming: 'Continuando…',
  line: 'Documento o evento',
  sealed: 'Sellados / requeridos',
  pending: 'En camino',
  rejected: 'Rechazados',
  rejections: 'Rechazos',
  noRejections: 'MH no ha rechazado ningún documento de esta corrida.',
  rejectionsIntro: 'La estación genera otro documento en lugar de cada rechazado; revise los mensajes si se repiten.',
  moreRejections: (n: number) => `… y ${n} más: están todos en el informe CSV.`,
  observations: 'Observaciones',
  report: 'Informe para la solicitud de autorización',
  reportHint: 'Descárguelo al terminar y adjúntelo a la solicitud de autorización en MH.',
  reportPdf: 'Descargar informe PDF',
  reportCsv: 'Descargar informe CSV',
  reportSaved: (name: string) => `Informe descargado: ${name}.`,
  newRun: 'Nueva corrida',
  newRunHint: 'Puede iniciar otra corrida; la anterior y su informe se conservan.',
  loadFailed: 'No se pudo leer el estado de la homologación. Revise la conexión con la estación y recargue la página.',
} as const;
