// Custom search attributes operators filter on in the Temporal UI (docs/architecture.md#operations). The workflows set them, the
// clients (api/, infra/) start workflows with them and the Temporal setup registers them (infra/temporal/).
import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';

export const AccountId = defineSearchAttributeKey('AccountId', SearchAttributeType.KEYWORD);
export const KeyMode = defineSearchAttributeKey('KeyMode', SearchAttributeType.KEYWORD);
export const JobKind = defineSearchAttributeKey('JobKind', SearchAttributeType.KEYWORD);
export const Country = defineSearchAttributeKey('Country', SearchAttributeType.KEYWORD);
export const InsuranceType = defineSearchAttributeKey('InsuranceType', SearchAttributeType.KEYWORD);
export const Outcome = defineSearchAttributeKey('Outcome', SearchAttributeType.KEYWORD);
/** A monitor's status (active, paused, stopped), for an operator looking for a monitor in the Temporal UI. */
export const MonitorStatus = defineSearchAttributeKey('MonitorStatus', SearchAttributeType.KEYWORD);

export const searchAttributeKeys = [
  AccountId,
  KeyMode,
  JobKind,
  Country,
  InsuranceType,
  Outcome,
  MonitorStatus,
] as const;
