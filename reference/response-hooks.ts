import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResponsesPolicy } from './responses.faults.js';

/**
 * The onSend hook of every answer, or undefined when the policy is the spec's: it bends the
 * Content-Type of a JSON answer and the success status (responses.faults.ts), never the body.
 */
export function responseHook(policy: ResponsesPolicy): ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>) | undefined {
  if (policy.jsonContentType === 'as-given' && policy.successStatus === 'as-given') return undefined;
  return async (_request, reply, payload) => {
    if (policy.successStatus === 200 && reply.statusCode >= 200 && reply.statusCode < 300) reply.code(200);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /json/i.test(type)) {
      if (policy.jsonContentType === 'omitted') reply.removeHeader('content-type');
      else if (policy.jsonContentType === 'text/plain') reply.header('content-type', 'text/plain; charset=utf-8');
      else if (policy.jsonContentType === 'bare-or-problem')
        reply.header('content-type', reply.statusCode >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json');
    }
    return payload;
  };
}
