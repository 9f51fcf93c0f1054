export * from './common';
export * from './primitives';
export * from './issues';
export * from './kinds';
export * from './validate';
export * from './extensions';
export * from './descriptions';
export { ccfBody, type CcfBody } from './ccf';
export { crBody, RETENTION_CODES, type CrBody } from './cr';
export { fcBody, type FcBody } from './fc';
export { fexBody, INCOTERMS, TRANSPORTS, type FexBody } from './fex';
export { fseBody, type FseBody } from './fse';
export {
  INVALIDATION_TYPES,
  invalidateBody,
  invalidationPerson,
  invalidationType,
  replacementErrors,
  type InvalidateBody,
  type InvalidationType,
} from './invalidate';
export { ncBody, type NcBody } from './nc';
export { nrBody, nrBodyOf, type NrBody } from './nr';
export { clBody, type ClBody } from './cl';
export { dclBody, type DclBody } from './dcl';
export { cdBody, type CdBody } from './cd';
