import { chromium } from '@playwright/test';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  for (let i = 0; i < 3; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('http://localhost:8080/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const info = await page.evaluate(async () => {
      const lcp = await new Promise<Array<{ t: number; el: string; size: number }>>((resolve) => {
        const all: Array<{ t: number; el: string; size: number }> = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { element?: Element; size: number }>) {
            all.push({ t: Math.round(e.startTime), el: `${e.element?.tagName} ${(e.element?.textContent ?? '').slice(0, 40)}`, size: e.size });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(all), 200);
      });
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => `${r.startTime.toFixed(0).padStart(5)}-${r.responseEnd.toFixed(0).padStart(5)} ${new URL(r.name).pathname}`);
      return { lcp, fcp, dcl: nav.domContentLoadedEventEnd, res };
    });
    console.log(JSON.stringify({ lcp: info.lcp, fcp: info.fcp, dcl: info.dcl }));
    if (i === 2) console.log(info.res.join('\n'));
    await context.close();
  }
  await browser.close();
})();
