export * from './decimal';
export * from './purchase';
export * from './sale';
export * from './shelf-price';
export * from './words';
