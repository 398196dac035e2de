import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OffsetPage } from './params.ts';

/** GitLab's offset pagination headers: x-total, x-total-pages, x-per-page, x-page, x-next-page, x-prev-page, Link. */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  externalUrl: string,
  page: OffsetPage,
  total: number,
): void {
  const totalPages = Math.max(1, Math.ceil(total / page.perPage));
  const next = page.page < totalPages ? page.page + 1 : null;
  const prev = page.page > 1 ? page.page - 1 : null;
  const url = new URL(request.url, externalUrl);
  const link = (target: number, rel: string) => {
    url.searchParams.set('page', String(target));
    url.searchParams.set('per_page', String(page.perPage));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [
    ...(prev ? [link(prev, 'prev')] : []),
    ...(next ? [link(next, 'next')] : []),
    link(1, 'first'),
    link(totalPages, 'last'),
  ];
  reply.headers({
    'x-total': String(total),
    'x-total-pages': String(totalPages),
    'x-per-page': String(page.perPage),
    'x-page': String(page.page),
    'x-next-page': next ? String(next) : '',
    'x-prev-page': prev ? String(prev) : '',
    link: links.join(', '),
  });
}
