// Where the Evento de Retorno (ER, fe-eret-v1) goes. MH has not published it: MT2 and the schemas are silent
// (docs/mh.md, Evento de Retorno). Until MH says, Sello sends it like the invalidation — the same
// envelope `{ambiente, idEnvio, version, documento}` — to this path, the one place to change when MH publishes
// the real one (docs/decisions/0015-evento-de-retorno.md). The simulator serves the same path.
export const MH_RETURN_PATH = '/fesv/retornodte';
