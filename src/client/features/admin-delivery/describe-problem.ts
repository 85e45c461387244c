import type { DeliveryProblem } from '../../../shared/schemas/admin-delivery';

/** Names a problem for assistive technology, e.g. 'Sign-in link to ann@shop.test'. */
export function describeProblem(problem: DeliveryProblem): string {
  return problem.recipient ? `${problem.kind} to ${problem.recipient}` : problem.kind;
}
