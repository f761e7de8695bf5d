import fs from 'node:fs';
import WebSocket from 'ws';

/**
 * The server child's V8 memory through its inspector (Chrome DevTools protocol; the benches start it with
 * --inspect on a local port and the address is in its log): force a collection, read process.memoryUsage().
 */
export interface V8Memory {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export class Inspector {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
      if (message.id !== undefined) {
        this.pending.get(message.id)?.(message.result);
        this.pending.delete(message.id);
      }
    });
  }

  static async attach(logFile: string): Promise<Inspector | null> {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
    if (!url) return null;
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Inspector(ws);
  }

  private call(method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async collectGarbage(): Promise<void> {
    await this.call('HeapProfiler.collectGarbage');
  }

  /** process.memoryUsage() in the server, without forcing a collection. */
  async memory(): Promise<V8Memory> {
    const result = (await this.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(result.result.value) as V8Memory;
  }

  /** The heap in use after a forced collection. */
  async heapUsed(): Promise<number> {
    await this.collectGarbage();
    return (await this.memory()).heapUsed;
  }

  close(): void {
    this.ws.close();
  }
}
