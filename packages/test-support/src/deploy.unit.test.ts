import { readFileSync } from 'node:fs';
import { SECURITY_HEADERS } from '@ubongo/server';
import { expect, it } from 'vitest';
import { DEPLOY_HEADERS, DEPLOY_NGINX, nginxConfig } from './services.js';

/*
 * The nginx the tests and `npm run cluster` run is deploy/nginx.conf with this machine's ports and
 * paths: what the documented file says about the client's address, its limits and its timeouts
 * reaches them unchanged.
 */

const deploy = readFileSync(DEPLOY_NGINX, 'utf8');

it('sets X-Forwarded-For to the address nginx sees, never appending to what the client sent', () => {
  expect(deploy).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  expect(deploy).not.toMatch(/\$proxy_add_x_forwarded_for/);
});

it('runs the documented file with the ports, processes and folders of the site', () => {
  const site = { port: 18080, routes: [1, 2, 3].map((n) => ({ prefix: `p${n}`, port: 3000 + n })) };
  const conf = nginxConfig(site, '/tmp/x');
  expect(conf).toContain('listen 127.0.0.1:18080;');
  for (const { prefix, port } of site.routes) {
    expect(conf).toContain(`location /${prefix}/ { proxy_pass http://127.0.0.1:${port}/; }`);
    expect(conf).toContain(`server 127.0.0.1:${port};`);
  }
  expect(conf).not.toContain('127.0.0.1:2567');
  // Everything about clients is the documented file's, line for line.
  for (const line of deploy.split('\n').filter((l) => /limit_|_timeout|X-Forwarded-For|client_max/.test(l)))
    expect(conf).toContain(line);
  // With the web client: served from its folder, with the documented headers.
  const web = nginxConfig({ ...site, webDir: '/srv/web' }, '/tmp/x');
  expect(web).toContain('root /srv/web;');
  expect(web).toContain(`include ${DEPLOY_HEADERS};`);
});

it('puts the server’s security headers on the files nginx serves itself', () => {
  const lines = readFileSync(DEPLOY_HEADERS, 'utf8').matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm);
  const headers: Record<string, string> = {};
  for (const [, name = '', value = ''] of lines) headers[name] = value;
  expect(headers).toEqual(SECURITY_HEADERS);
});
