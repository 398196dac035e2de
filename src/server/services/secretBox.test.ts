import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secretBox.ts';

const KEY = 'k'.repeat(64);

describe('secrets sealed for the database', () => {
  it('open with the key they were sealed with, and never read as themselves', () => {
    const sealed = sealSecret('wJalrXUtnFEMI/K7MDENG', KEY, 'status_page');
    expect(sealed).not.toContain('wJalrXUtnFEMI');
    expect(sealed).toMatch(/^v1:/);
    expect(openSecret(sealed, KEY, 'status_page')).toBe('wJalrXUtnFEMI/K7MDENG');
    // A fresh nonce each time: the same secret seals differently.
    expect(sealSecret('wJalrXUtnFEMI/K7MDENG', KEY, 'status_page')).not.toBe(sealed);
  });

  it('refuse another key, another purpose, or an altered value', () => {
    const sealed = sealSecret('secret', KEY, 'status_page');
    expect(() => openSecret(sealed, 'x'.repeat(64), 'status_page')).toThrow('SECRET_KEY_BASE changed');
    expect(() => openSecret(sealed, KEY, 'other')).toThrow('SECRET_KEY_BASE changed');
    const altered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => openSecret(altered, KEY, 'status_page')).toThrow();
    expect(() => openSecret('plain', KEY, 'status_page')).toThrow('not sealed');
  });
});
