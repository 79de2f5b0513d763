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
export function inlineIcon(definition: IconDefinition) {
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

// The signed-out pages' icons (they come with the entry); the signed-in pages' are in signed-in-icons.tsx.
export const CalculatorIcon = /* @__PURE__ */ inlineIcon(CalculatorOutlined);
export const EyeIcon = /* @__PURE__ */ inlineIcon(EyeOutlined);
export const EyeInvisibleIcon = /* @__PURE__ */ inlineIcon(EyeInvisibleOutlined);
export const LoadingIcon = /* @__PURE__ */ inlineIcon(LoadingOutlined);
export const MailIcon = /* @__PURE__ */ inlineIcon(MailOutlined);
export const SafetyCertificateIcon = /* @__PURE__ */ inlineIcon(SafetyCertificateOutlined);
export const SwapIcon = /* @__PURE__ */ inlineIcon(SwapOutlined);
export const TeamIcon = /* @__PURE__ */ inlineIcon(TeamOutlined);
