import type { FastifyInstance } from 'fastify';

import { ApiRoutes, requestParams } from '../core/api';
import { expandObject, FindById, listItemPaths } from '../core/expand';
import { parseParams } from '../core/params';
import {
  createAccountParams,
  createExternalAccountParams,
  listAccountsParams,
  listExternalAccountsParams,
  retrieveAccountParams,
  updateAccountParams,
} from './accounts.params';
import { AccountsService } from './accounts.service';

type WithId = { Params: { id: string } };
type WithExternalId = { Params: { id: string; externalId: string } };

export const accountRoutes =
  (accounts: AccountsService, findById: FindById): ApiRoutes =>
  (api: FastifyInstance) => {
    api.post('/accounts', (request) => {
      const params = parseParams(createAccountParams, requestParams(request));
      return expandObject(accounts.create(params), params.expand ?? [], findById);
    });

    api.get('/accounts', (request) => {
      const params = parseParams(listAccountsParams, requestParams(request));
      const list = accounts.list(params);
      const itemExpand = listItemPaths(params.expand);
      return { ...list, data: list.data.map((account) => expandObject(account, itemExpand, findById)) };
    });

    api.get<WithId>('/accounts/:id', (request) => {
      const params = parseParams(retrieveAccountParams, requestParams(request));
      return expandObject(accounts.retrieve(request.params.id), params.expand ?? [], findById);
    });

    api.post<WithId>('/accounts/:id', (request) => {
      const params = parseParams(updateAccountParams, requestParams(request));
      return expandObject(
        accounts.update(request.params.id, params, request.stripe),
        params.expand ?? [],
        findById,
      );
    });

    api.post<WithId>('/accounts/:id/external_accounts', (request) => {
      const params = parseParams(createExternalAccountParams, requestParams(request));
      return expandObject(
        accounts.createExternalAccount(request.params.id, params, request.stripe),
        params.expand ?? [],
        findById,
      );
    });

    api.get<WithId>('/accounts/:id/external_accounts', (request) => {
      const params = parseParams(listExternalAccountsParams, requestParams(request));
      return accounts.listExternalAccounts(request.params.id, params);
    });

    api.delete<WithExternalId>('/accounts/:id/external_accounts/:externalId', (request) =>
      accounts.deleteExternalAccount(request.params.id, request.params.externalId, request.stripe),
    );
  };
