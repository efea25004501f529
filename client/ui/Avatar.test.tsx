import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataUrl, tinyPng } from '../../shared/test-support';
import { Avatar, initials } from './Avatar';

describe('Avatar', () => {
  it('when the name has several words, then the initials are of the first and the last', () => {
    expect(initials('Jane van Roe')).toBe('JR');
    expect(initials('moon')).toBe('M');
    expect(initials('  "Lucky"  Star ')).toBe('LS');
    expect(initials('')).toBe('?');
  });

  it('when there is no picture, then the initials show, named by the profile name', () => {
    render(<Avatar name="Jane Roe" src={null} size={40} />);

    const avatar = screen.getByRole('img', { name: 'Jane Roe' });
    expect(avatar).toHaveTextContent('JR');
    expect(avatar).toHaveStyle({ width: '40px', height: '40px' });
  });

  it('when there is a picture, then it shows, and the initials replace it if it fails to load', () => {
    const src = dataUrl('image/png', tinyPng());
    render(<Avatar name="Jane Roe" src={src} />);

    const picture = screen.getByRole('img', { name: 'Jane Roe' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', src);

    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Jane Roe' })).toHaveTextContent('JR');
  });
});
