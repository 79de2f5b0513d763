import type { FastifyInstance } from 'fastify';

import { ApiRoutes, requestParams } from '../core/api';
import { parseParams } from '../core/params';
import {
  captureAuthorizationParams,
  createAuthorizationParams,
  expireAuthorizationParams,
  reverseAuthorizationParams,
} from './authorizations.params';
import { AuthorizationsService } from './authorizations.service';
import { retrieveParams } from './issuing.params';

type WithId = { Params: { id: string } };

export const authorizationRoutes =
  (authorizations: AuthorizationsService): ApiRoutes =>
  (api: FastifyInstance) => {
    api.post('/test_helpers/issuing/authorizations', (request) =>
      authorizations.create(parseParams(createAuthorizationParams, requestParams(request)), request.stripe),
    );

    api.post<WithId>('/test_helpers/issuing/authorizations/:id/capture', (request) =>
      authorizations.capture(
        request.params.id,
        parseParams(captureAuthorizationParams, requestParams(request)),
        request.stripe,
      ),
    );

    api.post<WithId>('/test_helpers/issuing/authorizations/:id/reverse', (request) =>
      authorizations.reverse(
        request.params.id,
        parseParams(reverseAuthorizationParams, requestParams(request)),
        request.stripe,
      ),
    );

    api.post<WithId>('/test_helpers/issuing/authorizations/:id/expire', (request) => {
      parseParams(expireAuthorizationParams, requestParams(request));
      return authorizations.expire(request.params.id, request.stripe);
    });

    api.get<WithId>('/issuing/authorizations/:id', (request) => {
      parseParams(retrieveParams, requestParams(request));
      return authorizations.retrieve(request.params.id, request.stripe);
    });
  };
