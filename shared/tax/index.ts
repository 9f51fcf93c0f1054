export * from './decimal';
export * from './purchase';
export * from './sale';
export * from './words';
