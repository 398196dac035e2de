import { describe, expect, it } from 'vitest';
import { zoomLinkIn } from './zoomLinks.ts';

describe('zoomLinkIn', () => {
  it('finds join, start and personal links on zoom.us and its subdomains', () => {
    expect(zoomLinkIn('https://zoom.us/j/123456789')).toBe('https://zoom.us/j/123456789');
    expect(zoomLinkIn('https://zoom.us/s/123?pwd=x')).toBe('https://zoom.us/s/123?pwd=x');
    expect(zoomLinkIn('call https://gitlab.zoom.us/my/team now')).toBe('https://gitlab.zoom.us/my/team');
  });

  it('takes the last of several links', () => {
    expect(zoomLinkIn('https://zoom.us/j/1 https://zoom.us/j/2')).toBe('https://zoom.us/j/2');
  });

  it('refuses other hosts, plain http, other paths and overlong links', () => {
    expect(zoomLinkIn('https://zoom.example.com/j/1')).toBeNull();
    expect(zoomLinkIn('https://evilzoom.us/j/1')).toBeNull();
    expect(zoomLinkIn('http://zoom.us/j/1')).toBeNull();
    expect(zoomLinkIn('https://zoom.us/meeting/1')).toBeNull();
    expect(zoomLinkIn('')).toBeNull();
    expect(zoomLinkIn(`https://zoom.us/j/${'1'.repeat(300)}`)).toBeNull();
  });
});
