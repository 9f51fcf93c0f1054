// Where the Evento de Operaciones Especiales (EOE, fe-eop-v1) goes. MH has not published it, as for the Evento de
// Retorno (retorno-endpoint.ts): Sello sends it with the invalidation's envelope `{ambiente, idEnvio, version,
// documento}` to this path, the one place to change when MH publishes the real one
// (docs/decisions/0083-evento-de-operaciones-especiales.md). The simulator serves the same path.
export const MH_SPECIAL_OPERATIONS_PATH = '/fesv/operacionesespeciales';
