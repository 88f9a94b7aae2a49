export * from './projects.js';
