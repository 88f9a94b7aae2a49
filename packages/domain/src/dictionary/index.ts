export * from './limits.js';
export * from './types.js';
export * from './attribute-defaults.js';
export * from './style.js';
export * from './schemas.js';
export * from './data-management.js';
