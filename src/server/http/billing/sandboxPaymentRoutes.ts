import type { FastifyInstance } from 'fastify';
import {
  CardRefusedError,
  SANDBOX_PAYMENT_METHODS_PATH,
  type SandboxPaymentProvider,
} from '../../services/billing/payments/sandboxPaymentProvider.ts';
import { customerRefOf } from '../../services/billing/purchaseService.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import { bodyParams, optionalString, ParamError, type Params, requiredString } from '../api/params.ts';

/**
 * The sandbox provider's own endpoints, as a real provider hosts them on its side:
 *
 * POST /-/payments/sandbox/payment_methods      the card form: `token` (from payment_form), `number`,
 *      `exp_month`, `exp_year`, `cvc`, `name` → the stored card (201), or 422 `{ message }`
 * POST /-/payments/sandbox/confirmations/:id    the bank's page: `outcome` approve | decline
 */
export function registerSandboxPaymentRoutes(
  app: FastifyInstance,
  provider: SandboxPaymentProvider,
  now: () => Date,
): void {
  app.post(SANDBOX_PAYMENT_METHODS_PATH, async (request, reply) => {
    if (!request.actor.user) throw new UnauthorizedError();
    const params = bodyParams(request);
    const card = {
      number: requiredString(params, 'number', 32),
      expMonth: integerParam(params, 'exp_month'),
      expYear: integerParam(params, 'exp_year'),
      cvc: optionalString(params, 'cvc', 8) ?? '',
      name: optionalString(params, 'name', 255) ?? '',
    };
    try {
      const method = await provider.storeCard(requiredString(params, 'token', 500), card, now());
      return reply.code(201).send(method);
    } catch (error) {
      if (error instanceof CardRefusedError) return reply.code(422).send({ message: error.message });
      throw error;
    }
  });

  app.post('/-/payments/sandbox/confirmations/:id', async (request, reply) => {
    const user = request.actor.user;
    if (!user) throw new UnauthorizedError();
    const outcome = requiredString(bodyParams(request), 'outcome', 16);
    if (outcome !== 'approve' && outcome !== 'decline') throw new ParamError('outcome is invalid');
    const id = (request.params as { id: string }).id;
    try {
      const result = await provider.confirmCharge(id, customerRefOf(user.id), outcome === 'approve', now());
      return { status: result.status };
    } catch (error) {
      if (error instanceof CardRefusedError) return reply.code(404).send({ message: '404 Not Found' });
      throw error;
    }
  });
}

/** A whole number as a form types it ('04', '2030'). */
function integerParam(params: Params, name: string): number {
  const text = requiredString(params, name, 4);
  if (!/^\d{1,4}$/.test(text)) throw new ParamError(`${name} is invalid`);
  return Number(text);
}
