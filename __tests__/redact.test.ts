import { describe, expect, it } from '@jest/globals';
import { Redactor } from '../src/redact.js';

const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
const KEY = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';

describe('Redactor', () => {
  it('replaces every occurrence of a secret value with ***', () => {
    const redactor = new Redactor([KEY]);
    expect(redactor.redact(`key=${KEY}\nagain ${KEY}.`)).toBe('key=***\nagain ***.');
  });

  it('hides a token in its x-access-token form, in a URL and as a basic-auth header', () => {
    const redactor = new Redactor([TOKEN]);
    const header = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

    expect(redactor.redact(`https://x-access-token:${TOKEN}@github.com/o/r`)).toBe(
      'https://x-access-token:***@github.com/o/r',
    );
    expect(redactor.redact(`AUTHORIZATION: basic ${header}`)).toBe('AUTHORIZATION: basic ***');
    expect(redactor.redact(`http.extraheader=AUTHORIZATION: basic ${header}`)).not.toContain(
      header.slice(20, 40),
    );
  });

  it('hides a secret base64-encoded after any prefix, whatever its alignment', () => {
    const redactor = new Redactor([KEY]);
    for (const prefix of ['', 'u:', 'user:', 'ab']) {
      const encoded = Buffer.from(`${prefix}${KEY}`).toString('base64');
      const redacted = redactor.redact(encoded);
      expect(redacted).toContain('***');
      // What is left is at most the prefix's own characters and the edges.
      expect(redacted.replace('***', '').length).toBeLessThan(12);
    }
  });

  it('hides URL- and JSON-escaped forms of a secret', () => {
    const secret = 'p@ss "word"/with+chars';
    const redactor = new Redactor([secret]);
    expect(redactor.redact(encodeURIComponent(secret))).toBe('***');
    expect(redactor.redact(JSON.stringify({ secret }))).toBe('{"secret":"***"}');
  });

  it('ignores values too short to be secrets, so `true` or `main` are not garbled everywhere', () => {
    const redactor = new Redactor(['true', '', '1', undefined]);
    expect(redactor.redact('true main 1')).toBe('true main 1');
  });

  it('redacts a text exactly as long as the shortest secret, and one made of nothing but it', () => {
    const redactor = new Redactor(['abcdef', 'a-much-longer-secret-value']);
    expect(redactor.redact('abcdef')).toBe('***');
    expect(redactor.redact('abcde')).toBe('abcde');
    expect(redactor.redact('xabcdefx')).toBe('x***x');
  });

  it('replaces a longer secret whole when it contains a shorter one', () => {
    const redactor = new Redactor(['abcdef', 'abcdefghijkl']);
    expect(redactor.redact('abcdefghijkl abcdef')).toBe('*** ***');
  });

  it('takes secrets added later into account', () => {
    const redactor = new Redactor();
    expect(redactor.redact(KEY)).toBe(KEY);
    redactor.add(KEY);
    expect(redactor.fn(KEY)).toBe('***');
  });
});

describe('Redactor onAdd', () => {
  it('tells each new secret value once, so the runner can mask it too; never one too short to redact', () => {
    const told: string[] = [];
    const redactor = new Redactor([KEY, 'main', undefined], {
      onAdd: (secret) => told.push(secret),
    });
    redactor.add(KEY, ` ${TOKEN} `);
    expect(told).toEqual([KEY, ` ${TOKEN} `, TOKEN]);
  });
});
