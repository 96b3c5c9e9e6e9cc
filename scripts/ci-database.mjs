// node scripts/ci-database.mjs create|drop <admin-url> <name>: a fresh database for one CI run.
import pg from 'pg';

const [action, url, name] = process.argv.slice(2);
if (!/^[a-z0-9_]+$/.test(name ?? '') || !['create', 'drop'].includes(action)) {
  console.error('usage: ci-database.mjs create|drop <admin-url> <name>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(action === 'create' ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.end();
console.log(`${action === 'create' ? 'Created' : 'Dropped'} database ${name}`);
