import { loadConfig } from './config';
import { DEMO_PASSWORD, DEMO_ROLES, demoEmail } from './db/seed';
import { createServer } from './server';

async function main() {
  const config = loadConfig();
  const { app, database } = await createServer(config);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `\nPort ${config.port} is already in use. Stop what runs there or choose another port, e.g. PORT=8090 npm start\n`,
      );
      process.exit(1);
    }
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `Haulboard is running: http://localhost:${port}/app`,
    `API documentation:   http://localhost:${port}/api/docs`,
    `Database:            ${database.dialect === 'sqlite' ? database.file : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (app.mailIn)
    lines.push(`Sheets by e-mail:    ${config.mailIn!.address}, SMTP on ${app.mailIn.host}:${app.mailIn.port}`);
  if (config.demoData) {
    lines.push('', `Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const role of DEMO_ROLES) lines.push(`  ${role.padEnd(18)} ${demoEmail(role)}`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
