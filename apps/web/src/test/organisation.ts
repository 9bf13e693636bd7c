// A site as the server lists it, for the web's tests: in project 1 "Downtown", with no position,
// type or external ID, unranked and unscored unless told.
import type { Site } from '@fieldops/shared/organisation';

export const makeSite = (id: number, name: string, extra: Partial<Site> = {}): Site => ({
  id,
  name,
  projectId: 1,
  project: { id: 1, name: 'Downtown' },
  latitude: null,
  longitude: null,
  radius: 200,
  polygon: null,
  typeId: null,
  siteType: null,
  externalId: null,
  whatsApp: null,
  membersCount: 1,
  rank: null,
  averageScore: null,
  ...extra,
});
