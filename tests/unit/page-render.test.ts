import { NodeApp } from 'astro/app/node';
import { describe, expect, it } from 'vitest';
import { renderInMemory, type SiteHandler } from '../../server/plugins/page-render.ts';

/*
 * The in-memory render speaks to the site's handler through the same two functions the Node
 * adapter uses: NodeApp.createRequest reads the request, NodeApp.writeResponse writes the answer.
 */
const answering =
  (respond: (request: Request) => Response | Promise<Response>): SiteHandler<unknown> =>
  async (req, res) => {
    const request = NodeApp.createRequest(req);
    await NodeApp.writeResponse(await respond(request), res);
  };

describe('renderInMemory', () => {
  it('passes the path and headers, and returns status, headers and the body bytes', async () => {
    let seen: Request | undefined;
    const page = '<!doctype html><p>سيارات للبيع في فلسطين</p>';
    const answer = await renderInMemory(
      answering((request) => {
        seen = request;
        return new Response(page, {
          status: 201,
          headers: { 'content-type': 'text/html; charset=utf-8', 'x-page': 'list' },
        });
      }),
      '/vehicles?vehicleBrandId=3',
      { host: 'localhost', 'accept-encoding': 'identity' },
      {},
    );
    expect(seen?.url).toBe('http://localhost/vehicles?vehicleBrandId=3');
    expect(seen?.method).toBe('GET');
    expect(seen?.headers.get('accept-encoding')).toBe('identity');
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['x-page']).toBe('list');
    expect(answer.body.toString('utf8')).toBe(page);
  });

  it('collects a body written in several chunks, in order', async () => {
    const parts = ['<main>', 'الصفحة', '</main>'];
    const answer = await renderInMemory(
      answering(
        () =>
          new Response(
            new ReadableStream({
              start(controller) {
                for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
                controller.close();
              },
            }),
          ),
      ),
      '/',
      { host: 'localhost' },
      {},
    );
    expect(answer.body.toString('utf8')).toBe(parts.join(''));
  });

  it('answers a redirect with its location and no body', async () => {
    const answer = await renderInMemory(
      answering(() => new Response(null, { status: 301, headers: { location: '/en/' } })),
      '/en',
      { host: 'localhost' },
      {},
    );
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/en/');
    expect(answer.body.length).toBe(0);
  });

  it('rejects when the handler fails or returns without answering', async () => {
    await expect(
      renderInMemory(
        async () => {
          throw new Error('render failed');
        },
        '/',
        { host: 'localhost' },
        {},
      ),
    ).rejects.toThrow('render failed');
    await expect(renderInMemory(async () => {}, '/x', { host: 'localhost' }, {})).rejects.toThrow(
      'left /x unanswered',
    );
  });
});
