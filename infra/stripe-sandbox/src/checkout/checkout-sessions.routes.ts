import type { FastifyInstance } from 'fastify';

import { ApiRoutes, requestParams } from '../core/api';
import { listItemPaths } from '../core/expand';
import { parseParams } from '../core/params';
import {
  createSessionParams,
  expireSessionParams,
  listLineItemsParams,
  listSessionsParams,
  retrieveSessionParams,
} from './checkout-sessions.params';
import { CheckoutSessionsService } from './checkout-sessions.service';

type WithId = { Params: { id: string } };

export const checkoutSessionRoutes =
  (sessions: CheckoutSessionsService): ApiRoutes =>
  (api: FastifyInstance) => {
    api.post('/checkout/sessions', (request) => {
      const params = parseParams(createSessionParams, requestParams(request));
      return sessions.present(sessions.create(params), params.expand);
    });

    api.get('/checkout/sessions', (request) => {
      const params = parseParams(listSessionsParams, requestParams(request));
      const list = sessions.list(params);
      const itemExpand = listItemPaths(params.expand);
      return { ...list, data: list.data.map((session) => sessions.present(session, itemExpand)) };
    });

    api.get<WithId>('/checkout/sessions/:id', (request) => {
      const params = parseParams(retrieveSessionParams, requestParams(request));
      return sessions.present(sessions.retrieve(request.params.id), params.expand);
    });

    api.post<WithId>('/checkout/sessions/:id/expire', (request) => {
      const params = parseParams(expireSessionParams, requestParams(request));
      return sessions.present(sessions.expire(request.params.id, request.stripe), params.expand);
    });

    api.get<WithId>('/checkout/sessions/:id/line_items', (request) => {
      const params = parseParams(listLineItemsParams, requestParams(request));
      return sessions.listLineItems(request.params.id, params);
    });
  };
