import { chromium } from 'playwright';
import { startSiteServer } from './siteServer';
const PORT = 24731;
const stop = await startSiteServer(process.cwd(), PORT);
try {
  const host = process.argv[2] ?? 'au.localhost';
  const user = process.argv[3] ?? 'primary.businessdetails.au';
  const under = process.argv[4] ?? '/businessDetails';
  const r = await fetch(`http://127.0.0.1:${PORT}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', host }, body: JSON.stringify({ query: 'mutation L($e: String!, $p: String!) { login(email: $e, password: $p) { success redirectTo } }', variables: { e: `${user}@demo.example`, p: 'Fleetform-Demo-1' } }) });
  const body = await r.json() as any; if (!body.data?.login?.redirectTo) console.log(JSON.stringify(body)); const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { cookie } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    (window as any).__shifts = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), s: e.sources.map((s: any) => ({ n: s.node ? (s.node.outerHTML ?? s.node.textContent ?? '').slice(0, 160) : null, p: JSON.stringify(s.previousRect), c: JSON.stringify(s.currentRect) })) }); }).observe({ type: 'layout-shift', buffered: true });
  });
  const url = `http://${host}:${PORT}${body.data.login.redirectTo}${under}`;
  const raw = await fetch(`http://127.0.0.1:${PORT}${body.data.login.redirectTo}${under}`, { headers: { host, cookie } });
  const text = await raw.text();
  console.log('status', raw.status, raw.headers.get('cache-control'), raw.headers.get('vary'), 'rendered', /<div id="root"><\/div>/.test(text) ? 'NO' : 'yes', text.length);
  page.on('console', (m) => { if (m.type() === 'error' || /hydrat/i.test(m.text())) console.log('console', m.type(), m.text().slice(0, 400)); });
  page.on('pageerror', (e) => console.log('pageerror', String(e).slice(0, 400)));
  await page.goto(url);
  await page.waitForTimeout(6000);
  console.log(url, JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
  await browser.close();
} finally { await stop(); }
