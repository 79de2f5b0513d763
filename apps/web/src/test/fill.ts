import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types into the field labelled `label` in one input event (as a paste), which keeps antd tests fast. */
export async function fill(user: UserEvent, label: string, text: string): Promise<void> {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}
