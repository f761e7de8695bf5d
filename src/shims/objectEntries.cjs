// node-polyglot (the i18n provider's engine) requires the `object.entries` polyfill package, which brings about 15 kB
// of get-intrinsic and friends into the first screen. Every browser the app supports has Object.entries itself;
// vite.config.ts points that one import here.
module.exports = Object.entries;
