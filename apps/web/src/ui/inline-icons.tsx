import './plain-controls.css';

import CalculatorOutlined from '@ant-design/icons-svg/es/asn/CalculatorOutlined';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
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

export const CalculatorIcon = inlineIcon(CalculatorOutlined);
export const EyeIcon = inlineIcon(EyeOutlined);
export const EyeInvisibleIcon = inlineIcon(EyeInvisibleOutlined);
export const LoadingIcon = inlineIcon(LoadingOutlined);
export const MailIcon = inlineIcon(MailOutlined);
export const SafetyCertificateIcon = inlineIcon(SafetyCertificateOutlined);
export const SwapIcon = inlineIcon(SwapOutlined);
export const TeamIcon = inlineIcon(TeamOutlined);
