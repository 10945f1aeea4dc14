// Lighthouse (mobile emulation, default simulated throttling) against running pages, driving the
// installed Chromium. `lighthouseRun` is the library call for the benchmark; run directly it
// prints a table:
//   node --import tsx scripts/bench/lighthouse.ts http://127.0.0.1:4321/ http://127.0.0.1:4321/en/
// LIGHTHOUSE_RUNS=N runs each page N times and keeps the median run by performance score.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  url: string;
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  lcp: number;
  cls: number;
  /** Milliseconds. */
  tbt: number;
  /** The longest main-thread task, milliseconds as Lighthouse simulates it (4× slower CPU). */
  longestTask: number;
  /** What the largest contentful paint was: the element's selector and a snippet of its markup. */
  lcpElement: string;
  /**
   * Bytes gzip-compressed (level 9) of what the page needs: the stylesheets it loaded plus its
   * inline <style> blocks, the scripts it ran before any interaction, and the fonts (woff2, as sent).
   * Measured on the bytes themselves, so the figure does not depend on how the server compresses.
   */
  cssBytes: number;
  jsBytes: number;
  fontBytes: number;
  fontFiles: number;
  /**
   * Lighthouse's measure of the host's CPU for this run. Its CPU throttling is relative (4x by
   * default, calibrated for a high-end desktop at 1500-2000), so the same page costs more
   * simulated time on a slower or busier host.
   */
  benchmarkIndex: number;
}

export interface LighthouseOptions {
  chromePath?: string;
  /** Runs per page; the median by performance score is kept (default 1). */
  runs?: number;
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) return 0;
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

/** The inline <style> blocks of the page's HTML, gzip-compressed together. */
async function inlineStyleBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  return styles.length === 0 ? 0 : gzipSync(styles.join(''), { level: 9 }).length;
}

function lcpElementOf(details: unknown): string {
  // Lighthouse 12: a list whose first table holds the element's node.
  const node = (
    details as { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] }
  )?.items?.[0]?.items?.[0]?.node;
  if (!node) return '';
  return `${node.selector ?? ''} ${node.snippet ?? ''}`.trim();
}

async function runOnce(url: string, port: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const requests = ((audit('network-requests')?.details as { items?: NetworkItem[] })?.items ??
    []) as NetworkItem[];
  const ofType = (type: string) => requests.filter((request) => request.resourceType === type);
  const sizes = async (items: NetworkItem[]) =>
    (await Promise.all(items.map((item) => gzipSize(item.url)))).reduce((a, b) => a + b, 0);
  const fonts = ofType('Font');
  const longTasks =
    (audit('long-tasks')?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  return {
    url,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    longestTask: Math.max(0, ...longTasks.map((task) => task.duration ?? 0)),
    lcpElement: lcpElementOf(audit('largest-contentful-paint-element')?.details),
    cssBytes: (await sizes(ofType('Stylesheet'))) + (await inlineStyleBytes(url)),
    jsBytes: await sizes(ofType('Script')),
    fontBytes: fonts.reduce((sum, font) => sum + (font.transferSize ?? 0), 0),
    fontFiles: fonts.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/* Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART and the like): try again. */
async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Runs Lighthouse on each URL in turn in one headless Chromium. */
export async function lighthouseRun(
  urls: string[],
  opts: LighthouseOptions = {},
): Promise<LighthouseResult[]> {
  const runs = Math.max(1, opts.runs ?? 1);
  const chrome = await chromeLauncher.launch({
    chromePath: opts.chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  try {
    const results: LighthouseResult[] = [];
    for (const url of urls) {
      const tries: LighthouseResult[] = [];
      for (let run = 0; run < runs; run++)
        tries.push(await withRetry(() => runOnce(url, chrome.port)));
      tries.sort((a, b) => a.performance - b.performance);
      results.push(tries[Math.floor(tries.length / 2)]);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** A page with nothing to do: a heading and a paragraph, no style, script, font or picture. */
const EMPTY_PAGE = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>صفحة فارغة</title>
<meta name="description" content="صفحة بلا أنماط ولا نصوص برمجية، لقياس ما يضيفه الجهاز وحده.">
</head><body><main><h1>صفحة فارغة</h1><p>فقرة واحدة، ولا شيء غيرها.</p></main></body></html>`;

/**
 * A page that does nothing, served by a bare `node:http` server on this host, for Lighthouse to
 * measure beside the site's pages in the same browser: what the host and the browser add to every
 * page whatever it holds (starting the page's JavaScript context is a main-thread task of its
 * own, which the 4× CPU slowdown multiplies like any other), so that a blocking time or a largest
 * paint can be read against the floor of the machine that measured it.
 */
export async function serveEmptyPage(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(EMPTY_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** The results as a plain-text table, one page a line. */
export function lighthouseTable(results: LighthouseResult[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows = [
    [
      'page',
      'perf',
      'a11y',
      'bp',
      'seo',
      'LCP ms',
      'CLS',
      'TBT ms',
      'CSS KB',
      'JS KB',
      'fonts',
      'CPU index',
    ],
    ...results.map((r) => [
      new URL(r.url).pathname,
      String(r.performance),
      String(r.accessibility),
      String(r.bestPractices),
      String(r.seo),
      r.lcp.toFixed(0),
      r.cls.toFixed(3),
      r.tbt.toFixed(0),
      kb(r.cssBytes),
      kb(r.jsBytes),
      `${r.fontFiles} (${kb(r.fontBytes)} KB)`,
      r.benchmarkIndex.toFixed(0),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => cell.padEnd(widths[column])).join('  '),
  );
  const elements = results.map((r) => `LCP ${new URL(r.url).pathname}: ${r.lcpElement}`);
  return [...lines, '', ...elements].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) {
    process.stderr.write('usage: node --import tsx scripts/bench/lighthouse.ts URL [URL ...]\n');
    process.exit(2);
  }
  const results = await lighthouseRun(urls, { runs: Number(process.env.LIGHTHOUSE_RUNS ?? 1) });
  process.stdout.write(`${lighthouseTable(results)}\n`);
}
