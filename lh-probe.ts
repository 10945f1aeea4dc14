import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const url of process.argv.slice(2)) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = r!.lhr;
  const a = lhr.audits;
  console.log(url, 'perf', Math.round(lhr.categories.performance.score!*100), 'FCP', Math.round(a['first-contentful-paint'].numericValue!), 'LCP', Math.round(a['largest-contentful-paint'].numericValue!), 'TBT', Math.round(a['total-blocking-time'].numericValue!), 'SI', Math.round(a['speed-index'].numericValue!));
  const el: any = a['largest-contentful-paint-element'].details;
  for (const item of el?.items ?? []) {
    if (item.type === 'table') for (const row of item.items) console.log('  ', JSON.stringify(row).slice(0, 300));
  }
  const net: any = a['network-requests'].details;
  for (const row of net.items) console.log('   net', row.url.slice(-60), row.resourceType, row.transferSize, Math.round(row.networkRequestTime), Math.round(row.networkEndTime));
  const mt: any = a['mainthread-work-breakdown'].details;
  console.log('   main', mt.items.map((i: any) => `${i.group}:${Math.round(i.duration)}`).join(' '));
  const lt: any = a['long-tasks']?.details;
  console.log('   long', (lt?.items ?? []).map((i: any) => `${i.url?.slice(-40)}:${Math.round(i.duration)}@${Math.round(i.startTime)}`).join(' '));
}
await chrome.kill();
