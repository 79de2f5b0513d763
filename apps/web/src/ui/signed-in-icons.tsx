// The icons of Home and the signed-in header (plain, no antd): a module apart from inline-icons.tsx, whose
// icons come with the entry, so these come with Home's chunk instead.
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MinusCircleOutlined from '@ant-design/icons-svg/es/asn/MinusCircleOutlined';
import PlusCircleOutlined from '@ant-design/icons-svg/es/asn/PlusCircleOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UnlockOutlined from '@ant-design/icons-svg/es/asn/UnlockOutlined';
import UserAddOutlined from '@ant-design/icons-svg/es/asn/UserAddOutlined';

import { inlineIcon } from './inline-icons';

export const BellIcon = /* @__PURE__ */ inlineIcon(BellOutlined);
export const CheckCircleIcon = /* @__PURE__ */ inlineIcon(CheckCircleFilled);
export const CloseCircleIcon = /* @__PURE__ */ inlineIcon(CloseCircleFilled);
export const ExclamationCircleIcon = /* @__PURE__ */ inlineIcon(ExclamationCircleFilled);
export const InfoCircleIcon = /* @__PURE__ */ inlineIcon(InfoCircleFilled);
export const LockIcon = /* @__PURE__ */ inlineIcon(LockOutlined);
export const MinusCircleIcon = /* @__PURE__ */ inlineIcon(MinusCircleOutlined);
export const PlusIcon = /* @__PURE__ */ inlineIcon(PlusOutlined);
export const PlusCircleIcon = /* @__PURE__ */ inlineIcon(PlusCircleOutlined);
export const ReloadIcon = /* @__PURE__ */ inlineIcon(ReloadOutlined);
export const SettingIcon = /* @__PURE__ */ inlineIcon(SettingOutlined);
export const UnlockIcon = /* @__PURE__ */ inlineIcon(UnlockOutlined);
export const UserAddIcon = /* @__PURE__ */ inlineIcon(UserAddOutlined);
