export * from './pointer';
export * from './didYouMean';
export * from './parseSource';
export * from './errorAt';
export * from './forBrowser';
