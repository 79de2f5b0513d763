import type { FastifyInstance } from 'fastify';

import { ApiRoutes, requestParams } from '../core/api';
import { expandObject, FindById, listItemPaths } from '../core/expand';
import { parseParams } from '../core/params';
import { createPayoutParams, listPayoutsParams, retrievePayoutParams } from './payouts.params';
import { PayoutsService } from './payouts.service';

type WithId = { Params: { id: string } };

export const payoutRoutes =
  (payouts: PayoutsService, findById: FindById): ApiRoutes =>
  (api: FastifyInstance) => {
    api.post('/payouts', (request) => {
      const params = parseParams(createPayoutParams, requestParams(request));
      return expandObject(payouts.create(params, request.stripe), params.expand ?? [], findById);
    });

    api.get('/payouts', (request) => {
      const params = parseParams(listPayoutsParams, requestParams(request));
      const list = payouts.list(params, request.stripe.account);
      const itemExpand = listItemPaths(params.expand);
      return { ...list, data: list.data.map((payout) => expandObject(payout, itemExpand, findById)) };
    });

    api.get<WithId>('/payouts/:id', (request) => {
      const params = parseParams(retrievePayoutParams, requestParams(request));
      return expandObject(
        payouts.retrieve(request.params.id, request.stripe.account),
        params.expand ?? [],
        findById,
      );
    });
  };
