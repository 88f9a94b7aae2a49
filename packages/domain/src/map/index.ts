export * from './projects.js';
export * from './features.js';
export * from './feature-attributes.js';
export * from './leaders.js';
export * from './line-functions.js';
export * from './moves.js';
export * from './external-services.js';
export * from './map-services.js';
