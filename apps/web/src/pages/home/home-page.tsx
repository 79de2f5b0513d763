import { PlusOutlined, SettingOutlined, UserAddOutlined } from '@ant-design/icons';
import { Empty } from 'antd';

import { ButtonLink } from '../../ui/button-link';

/** Home for a signed-in user. The balance card, virtual card panel and pot grid arrive with the pots issues. */
export function HomePage() {
  return (
    <div className="page home">
      <section className="panel" aria-labelledby="quick-actions">
        <h1 id="quick-actions" className="panel-title">
          Quick Actions
        </h1>
        <div className="quick-actions">
          <ButtonLink to="/create-pot" type="primary" icon={<PlusOutlined aria-hidden />} size="large">
            Add Pot
          </ButtonLink>
          <ButtonLink to="/pot-summary" icon={<UserAddOutlined aria-hidden />} size="large">
            Invite People
          </ButtonLink>
          <ButtonLink to="/onboarding" icon={<SettingOutlined aria-hidden />} size="large">
            Manage Account
          </ButtonLink>
        </div>
      </section>

      <section className="panel" aria-labelledby="your-pots">
        <h2 id="your-pots" className="panel-title">
          Your Pots
        </h2>
        <Empty description="No pots yet" image={Empty.PRESENTED_IMAGE_SIMPLE}>
          <p className="muted">Create a pot for a trip, a flat or a night out and invite your friends.</p>
          <ButtonLink to="/create-pot" type="primary">
            Create Your First Pot
          </ButtonLink>
        </Empty>
      </section>
    </div>
  );
}
