import { boardInviteLink, boardInviteMail } from './board-invite.handler';

const data = {
  inviteId: 'e:hash', boardId: '1', email: 'grace@example.com', boardName: 'Lamps', inviterName: 'Ada Lovelace',
  token: 'tok_en-123456789012345678901234567890', expiresAt: '2026-02-01T10:00:00.000Z',
};

describe('the board invitation mail', () => {
  it("links to the web app's invitation page, whatever the public URL ends with", () => {
    expect(boardInviteLink('https://pinhive.example', 'abc')).toBe('https://pinhive.example/invite/board/abc/');
    expect(boardInviteLink('https://pinhive.example//', 'abc')).toBe('https://pinhive.example/invite/board/abc/');
  });

  it('names the inviter and the board, in English, to the invited address, with the link and its end', () => {
    const mail = boardInviteMail(data, 'http://localhost:8080');
    expect(mail.to).toBe('grace@example.com');
    expect(mail.subject).toBe('Ada Lovelace invited you to the board "Lamps" on Pinhive');
    expect(mail.text).toContain(`http://localhost:8080/invite/board/${data.token}/`);
    expect(mail.text).toContain('Sun, 01 Feb 2026');
    expect(boardInviteMail({ ...data, inviterName: ' ' }, 'http://x').subject).toMatch(/^Someone invited you/);
  });
});
