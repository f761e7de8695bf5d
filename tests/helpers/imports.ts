import fs from 'node:fs';
import path from 'node:path';

/** The repository's root, for naming files in test messages. */
export const ROOT = path.resolve(__dirname, '../..');

/** Every .ts and .tsx file below dir (declaration files left out). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project files a file imports (relative specifiers, static or dynamic, types included), as absolute paths. */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.map((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    return (
      ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? base
    );
  });
}
