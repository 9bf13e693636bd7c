// The name of an action type in the current language, from the server's bilingual names;
// the type's code stands in until they have loaded.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionType } from '@fieldops/shared/enums';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { useActionTypesQuery } from '../../api/get-action-types.ts';

export function useActionTypeNames(): (type: ActionType) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const types = useActionTypesQuery();
  return useCallback(
    (type: ActionType) => {
      const found = types.data?.find((item) => item.type === type);
      return found ? localizedName(found, language) || type : type;
    },
    [types.data, language],
  );
}
