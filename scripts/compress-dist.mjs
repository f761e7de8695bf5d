#!/usr/bin/env node
// After `vite build`: gzip and brotli copies of the text assets, which the server sends to browsers that accept them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.env.HAULBOARD_DIST_DIR
  ? path.resolve(process.env.HAULBOARD_DIST_DIR)
  : path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|map)$/;
let files = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(full).size > 1024) {
      const content = fs.readFileSync(full);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content, { level: 9 }));
      fs.writeFileSync(
        `${full}.br`,
        zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      files++;
    }
  }
}
walk(dist);
console.log(`Compressed ${files} files in dist/`);
