// node-polyglot's `hasown` (function-bind and its helpers) for has(object, key): the built-in Object.hasOwn does the
// same in every browser the app supports; vite.config.ts points that one import here.
module.exports = Object.hasOwn;
