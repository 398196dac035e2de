import type { FastifyReply } from 'fastify';

/** A one-shot notice carried across a redirect (Rails' flash), shown as a toast on the next page. */
export const FLASH_COOKIE = 'flash_notice';

export function setFlash(reply: FastifyReply, notice: string): void {
  reply.setCookie(FLASH_COOKIE, notice, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 });
}
