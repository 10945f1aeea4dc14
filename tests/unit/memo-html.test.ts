import { describe, expect, it } from 'vitest';
import { memo } from '../../src/lib/server/memo-html.ts';

/* The frame's footer rendered once per frame data and language (src/components/Memo.astro). */
describe('HTML kept per data object', () => {
  it('renders once while the data is the same object, and again for new data', async () => {
    let renders = 0;
    const render = async () => `<footer>${++renders}</footer>`;
    const data = { about: 'one' };
    const [first, second] = await Promise.all([
      memo(data, 'footer-ar', render),
      memo(data, 'footer-ar', render),
    ]);
    expect([first, second, await memo(data, 'footer-ar', render)]).toEqual([
      '<footer>1</footer>',
      '<footer>1</footer>',
      '<footer>1</footer>',
    ]);
    expect(await memo(data, 'footer-en', render)).toBe('<footer>2</footer>');
    expect(await memo({ about: 'one' }, 'footer-ar', render)).toBe('<footer>3</footer>');
    expect(renders).toBe(3);
  });

  it('does not keep a failed render', async () => {
    const data = {};
    await expect(
      memo(data, 'footer-ar', () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    expect(await memo(data, 'footer-ar', async () => '<footer></footer>')).toBe(
      '<footer></footer>',
    );
  });
});
