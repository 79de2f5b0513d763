import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'kitty:isPublic';

/** Opens a route to signed-out callers; every other route requires a valid access token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
