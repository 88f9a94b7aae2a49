export * from './projects.js';
export * from './features.js';
