// Who is asking: a signed-in user acting in one business, as plugins/auth.ts settles it. The one
// type every service and policy takes, so a decision never depends on how a route found its caller.
import type { Tenant } from '../plugins/auth.ts';

export type Caller = Tenant & { userId: number };
