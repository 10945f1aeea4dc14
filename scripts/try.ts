import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
const config = loadConfig({ DATA_DIR: '/tmp/trydata' });
const database = await openDatabase({ databaseUrl: null, dataDir: null });
const app = await buildApp({ config, database });
for (const url of ['/api/Category/GetStates', '/api/Category/GetBrandModels?brandId=abc', '/api/Category/GetStateCities?StateId=9', '/api/Category/GetStateCities', '/api/Nope', '/api/Interfaces/GetInterfaceItem?id=3']) {
  const r = await app.inject({ url, headers: { 'accept-language': url.includes('Cities') ? 'en' : 'ar' } });
  console.log(url, r.statusCode, r.body);
}
const r = await app.inject({ method: 'POST', url: '/api/Visit/RecordVisit', payload: { ip: '6.6.6.6', route: '/en/vehicle/12-x', userAgent: 'x' } });
console.log(r.statusCode, r.body);
const d = await app.inject({ url: '/api/docs/json' }); console.log(d.statusCode, d.body.length);
await app.close(); await database.close();
