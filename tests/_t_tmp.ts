import { startTestServer, fingerprint } from './helpers/server';
let t = Date.now();
const s = await startTestServer((process.env.K as any) ?? 'sqlite');
console.log('start', Date.now() - t); t = Date.now();
const tok = await s.login('administrator@haulboard.demo');
console.log('login', Date.now() - t); t = Date.now();
for (let i = 0; i < 20; i++) await fingerprint(s.db);
console.log('fp x20', Date.now() - t); t = Date.now();
const fp = await fingerprint(s.db); console.log('fp len', fp.length);
for (const [u, p] of [['/api/AccessManagements/features/dnd-in-group', {featureGroupId: 2147483647, featureId: 1}], ['/api/AccessManagements/groups/reorder', {groupIds:[1]}]] as const) {
  const before = await fingerprint(s.db);
  const r = await s.call({ method: u.includes('reorder') ? 'PUT' : 'POST', url: u, payload: p, token: tok });
  console.log(u, r.status, JSON.stringify(r.body), before === await fingerprint(s.db));
}
for (const p of ['{"name":1e309}', '{"name":"x", "__proto__": {"a":1}}', '[' .repeat(5000) + ']'.repeat(5000), '{"groupIds":[1e309]}']) {
  const r = await s.call({ method: 'PUT', url: '/api/AccessManagements/groups/reorder', payload: p, headers: {'content-type':'application/json'}, token: tok });
  console.log(r.status, JSON.stringify(r.body).slice(0,300));
}
for (const url of ['/api/User?Size=1e309','/api/User?Size=10001','/api/User?Size=10000&Size=3','/api/User?Size=Infinity', '/api/nope', '/api/AccessManagements/groups/remove/%zz', '/api/AccessManagements/groups/remove/..%2F', '/api/User?access_token=abc&__proto__=1', '/api/User?constructor=1&toString=2']) {
  const r = await s.call({ method: 'GET', url, token: tok });
  console.log(url, r.status, r.headers['content-type'], JSON.stringify(r.body).slice(0,300));
}
const big = await s.call({ method: 'POST', url: '/api/AccessManagements/groups/new', payload: JSON.stringify({name: 'x'.repeat(1024*1024)}), headers: {'content-type':'application/json'}, token: tok });
console.log('big', big.status, JSON.stringify(big.body));
const xml = await s.call({ method: 'POST', url: '/api/AccessManagements/groups/new', payload: '<a/>', headers: {'content-type':'text/xml'}, token: tok });
console.log('xml', xml.status, JSON.stringify(xml.body), JSON.stringify(xml.headers));
await s.close();
