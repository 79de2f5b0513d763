import type { FastifyInstance } from 'fastify';

import { ApiRoutes, requestParams } from '../core/api';
import { expandObject, FindById, listItemPaths } from '../core/expand';
import { parseParams } from '../core/params';
import {
  createReversalParams,
  createTransferParams,
  listTransfersParams,
  retrieveTransferParams,
} from './transfers.params';
import { TransfersService } from './transfers.service';

type WithId = { Params: { id: string } };

export const transferRoutes =
  (transfers: TransfersService, findById: FindById): ApiRoutes =>
  (api: FastifyInstance) => {
    api.post('/transfers', (request) => {
      const params = parseParams(createTransferParams, requestParams(request));
      return expandObject(transfers.create(params, request.stripe), params.expand ?? [], findById);
    });

    api.get('/transfers', (request) => {
      const params = parseParams(listTransfersParams, requestParams(request));
      const list = transfers.list(params);
      const itemExpand = listItemPaths(params.expand);
      return { ...list, data: list.data.map((transfer) => expandObject(transfer, itemExpand, findById)) };
    });

    api.get<WithId>('/transfers/:id', (request) => {
      const params = parseParams(retrieveTransferParams, requestParams(request));
      return expandObject(transfers.retrieve(request.params.id), params.expand ?? [], findById);
    });

    api.post<WithId>('/transfers/:id/reversals', (request) => {
      const params = parseParams(createReversalParams, requestParams(request));
      return transfers.reverse(request.params.id, params, request.stripe);
    });
  };
