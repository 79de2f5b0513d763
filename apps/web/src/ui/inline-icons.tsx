import './plain-controls.css';

import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import CalculatorOutlined from '@ant-design/icons-svg/es/asn/CalculatorOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import MinusCircleOutlined from '@ant-design/icons-svg/es/asn/MinusCircleOutlined';
import PlusCircleOutlined from '@ant-design/icons-svg/es/asn/PlusCircleOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UnlockOutlined from '@ant-design/icons-svg/es/asn/UnlockOutlined';
import UserAddOutlined from '@ant-design/icons-svg/es/asn/UserAddOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import type { ReactElement } from 'react';
import { createElement } from 'react';

function renderNode({ tag, attrs, children = [] }: AbstractNode, key?: number): ReactElement {
  return createElement(
    tag,
    { key, ...attrs },
    children.map((child, index) => renderNode(child, index)),
  );
}

/**
 * One of antd's icons drawn from its SVG data alone, without @ant-design/icons' component (which brings
 * antd's colour and style machinery): for the pages that load no antd. Decorative, like antd's by default.
 */
function inlineIcon(definition: IconDefinition) {
  if (typeof definition.icon === 'function')
    throw new Error(`${definition.name}: two-tone icons are not inlined`);
  const { attrs, children = [] } = definition.icon;
  return function InlineIcon({ className }: { className?: string }) {
    return (
      <span className={className ? `inline-icon ${className}` : 'inline-icon'} aria-hidden="true">
        <svg {...attrs} width="1em" height="1em" fill="currentColor">
          {children.map((child, index) => renderNode(child, index))}
        </svg>
      </span>
    );
  };
}

export const BellIcon = inlineIcon(BellOutlined);
export const CalculatorIcon = inlineIcon(CalculatorOutlined);
export const CheckCircleIcon = inlineIcon(CheckCircleFilled);
export const CloseCircleIcon = inlineIcon(CloseCircleFilled);
export const ExclamationCircleIcon = inlineIcon(ExclamationCircleFilled);
export const EyeIcon = inlineIcon(EyeOutlined);
export const EyeInvisibleIcon = inlineIcon(EyeInvisibleOutlined);
export const InfoCircleIcon = inlineIcon(InfoCircleFilled);
export const LoadingIcon = inlineIcon(LoadingOutlined);
export const LockIcon = inlineIcon(LockOutlined);
export const MailIcon = inlineIcon(MailOutlined);
export const MinusCircleIcon = inlineIcon(MinusCircleOutlined);
export const PlusCircleIcon = inlineIcon(PlusCircleOutlined);
export const PlusIcon = inlineIcon(PlusOutlined);
export const ReloadIcon = inlineIcon(ReloadOutlined);
export const SafetyCertificateIcon = inlineIcon(SafetyCertificateOutlined);
export const SettingIcon = inlineIcon(SettingOutlined);
export const SwapIcon = inlineIcon(SwapOutlined);
export const TeamIcon = inlineIcon(TeamOutlined);
export const UnlockIcon = inlineIcon(UnlockOutlined);
export const UserAddIcon = inlineIcon(UserAddOutlined);
