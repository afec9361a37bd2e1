import type { Database } from '../../db/database';
import type { PlanValues } from '@sehha/contract/subscription-plans';
import { audited } from '../../audit/audit-log';
import { notFound } from '../../http/errors';
import { subscriptionPlanRepository as repository } from './repository';
import { subscriptionPlanMessages } from '@sehha/contract/subscription-plans';

const entity = 'subscription_plan';

export function createPlanService(db: Database) {
  const mustLock = async (tx: Database, id: number) => {
    if (!(await repository.lock(tx, id))) throw notFound(subscriptionPlanMessages.notFound);
  };

  return {
    list: () => repository.all(db),

    show: async (id: number) => {
      const found = await repository.find(db, id);
      if (!found) throw notFound(subscriptionPlanMessages.notFound);
      return found;
    },

    create: (actorId: number, values: PlanValues) =>
      audited(db, actorId, async (tx) => {
        const id = await repository.insert(tx, values);
        const created = (await repository.find(tx, id))!;
        return { result: created, audit: { action: 'create', entity, entityId: id, after: created } };
      }),

    update: (actorId: number, id: number, values: PlanValues) =>
      audited(db, actorId, async (tx) => {
        await mustLock(tx, id);
        const before = await repository.find(tx, id);
        await repository.update(tx, id, values);
        const after = (await repository.find(tx, id))!;
        return { result: after, audit: { action: 'update', entity, entityId: id, before, after } };
      }),

    /**
     * A plan nobody ever subscribed to is deleted with its features. A plan with subscriptions is
     * archived instead: their history (plan name, period) stays readable and the plan is no longer offered.
     */
    remove: (actorId: number, id: number) =>
      audited(db, actorId, async (tx) => {
        await mustLock(tx, id);
        const before = (await repository.find(tx, id))!;
        const subscriptions = await repository.countSubscriptions(tx, id);
        if (subscriptions > 0) await repository.archive(tx, id);
        else await repository.remove(tx, id);
        const archived = subscriptions > 0;
        return {
          result: { id, archived, subscriptions },
          audit: { action: archived ? 'archive' : 'delete', entity, entityId: id, before },
        };
      }),
  };
}
